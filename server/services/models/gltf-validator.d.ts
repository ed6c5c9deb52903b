// The Khronos validator ships no types; these are the parts of its documented API (README) we call.
declare module 'gltf-validator' {
  export interface ValidationMessage {
    code: string;
    message: string;
    /** 0 error, 1 warning, 2 info, 3 hint. */
    severity: number;
    pointer?: string;
    offset?: number;
  }
  export interface ValidationReport {
    issues: { numErrors: number; numWarnings: number; messages: ValidationMessage[] };
    info?: {
      extensionsUsed?: string[];
      resources?: { storage: 'external' | 'glb' | 'data-uri' | 'buffer-view'; uri?: string }[];
    };
  }
  export interface ValidationOptions {
    uri?: string;
    maxIssues?: number;
    writeTimestamp?: boolean;
    externalResourceFunction?: (uri: string) => Promise<Uint8Array>;
  }
  /** Rejects (with a string) when the bytes are neither glTF JSON nor GLB. */
  export function validateBytes(data: Uint8Array, options?: ValidationOptions): Promise<ValidationReport>;
}
