/** draco3dgltf ships no types. */
declare module 'draco3dgltf' {
  const draco3d: {
    createDecoderModule(options?: object): Promise<unknown>;
  };
  // The package is CommonJS (module.exports = { … }): a default import is its real shape.
  // eslint-disable-next-line no-restricted-syntax
  export default draco3d;
}
