import type { Locale } from './types.ts';

/** As the CMA stores it: `{ size: { max: 80 } }`. */
export type Validation = Readonly<Record<string, unknown>>;
type FieldType = 'Symbol' | 'Text' | 'RichText' | 'Integer' | 'Number' | 'Date' | 'Boolean' | 'Object' | 'Location' | 'Link' | 'Array';
type LinkType = 'Asset' | 'Entry';

/** As the CMA answers it, plus the editor's widget and help text. */
export interface Field {
  name: string;
  type: FieldType;
  linkType?: LinkType;
  items?: { type: 'Symbol' | 'Link'; linkType?: LinkType; validations: readonly Validation[] };
  required: boolean;
  localized: boolean;
  validations: readonly Validation[];
  disabled: boolean;
  omitted: boolean;
  widget: string;
  helpText: string;
  /** A space lacking it fails the model check (an error, not a warning). Default: `required`. */
  essential: boolean;
  /** A fact about a 3D model, with its label per locale: the mapper, search and both views read every fact field. */
  fact?: Readonly<Record<Locale, string>>;
}

export interface ContentType {
  name: string;
  description: string;
  displayField: string;
  /** The site queries it, so a space without it fails the check; otherwise it only warns. */
  essential: boolean;
  /** In editor order. */
  fields: Readonly<Record<string, Field>>;
}

type Fields = Record<string, Field>;
const typeOf =
  (essential: boolean) =>
  <F extends Fields>(name: string, displayField: keyof F & string, description: string, fields: F) => ({ name, displayField, description, essential, fields });
export const contentType = typeOf(true);
export const linkedType = typeOf(false);

type Options = Partial<Omit<Field, 'name' | 'type' | 'helpText' | 'linkType' | 'items'>>;

const TEXT_WIDGETS = { Symbol: 'singleLine', Text: 'multipleLine', RichText: 'richTextEditor' };
const WIDGETS: Record<string, string> = { ...TEXT_WIDGETS, Date: 'datePicker', Boolean: 'boolean', Integer: 'numberEditor', Number: 'numberEditor' };

function field(name: string, type: FieldType, helpText: string, options: Options, link?: Pick<Field, 'linkType' | 'items'>): Field {
  const required = options.required ?? false;
  const linked = link?.linkType ?? link?.items?.linkType;
  const widget = linked ? `${linked.toLowerCase()}Link${type === 'Array' ? 's' : ''}Editor` : (WIDGETS[type] ?? `${type.toLowerCase()}Editor`);
  const defaults = { localized: type in TEXT_WIDGETS, validations: [], disabled: false, omitted: false, widget };
  return { name, type, ...link, ...defaults, ...options, required, helpText, essential: options.essential ?? required };
}

type Make = (name: string, helpText: string, options?: Options) => Field;
const of =
  (type: FieldType): Make =>
  (name, helpText, options = {}) =>
    field(name, type, helpText, options);
export const symbol = of('Symbol');
export const text = of('Text');
export const richText = of('RichText');
export const date = of('Date');
export const boolean = of('Boolean');
export const object = of('Object');
export const asset: Make = (name, helpText, options = {}) => field(name, 'Link', helpText, options, { linkType: 'Asset' });
export const assets: Make = (name, helpText, options = {}) =>
  field(name, 'Array', helpText, options, { items: { type: 'Link', linkType: 'Asset', validations: [] } });
export const entry = (contentType: string, name: string, helpText: string, options: Options = {}) =>
  field(name, 'Link', helpText, { validations: [{ linkContentType: [contentType] }], ...options }, { linkType: 'Entry' });
export const entries = (contentType: string, name: string, helpText: string, options: Options = {}) =>
  field(name, 'Array', helpText, options, { items: { type: 'Link', linkType: 'Entry', validations: [{ linkContentType: [contentType] }] } });

export const size = (max: number): Validation[] => [{ size: { max } }];
export const pattern = (regexp: string, message: string): Validation[] => [{ regexp: { pattern: regexp, flags: null }, message }];

/** Resource links name the space they point into; `forSpace` fills it in. */
export const THIS_SPACE = 'crn:contentful:::content:spaces/{this space}';

export function forSpace<T>(declared: T, spaceId: string, otherSources: readonly Validation[] = []): T {
  const json = JSON.stringify(declared, (key, value: unknown) => {
    if (key !== 'allowedResources' || !Array.isArray(value)) return value;
    const source = `crn:contentful:::content:spaces/${spaceId}`;
    return [...(value as { source: string }[]).map((resource) => (resource.source === THIS_SPACE ? { ...resource, source } : resource)), ...otherSources];
  });
  return JSON.parse(json) as T;
}
