import { describe, expect, it } from 'vitest';

import { createSiblingFiles } from './gltf-files.ts';

const BASE = 'https://vitrine.example/models/stool';
const SRC = 'https://assets.ctfassets.net/space/gltf-stool/tok1/stool.gltf';
const FILES = {
  'stool.bin': 'https://assets.ctfassets.net/space/bin-stool/tok2/stool.bin',
  'ash basecolor.jpg': 'https://images.ctfassets.net/space/tex-stool/tok3/ash%20basecolor.jpg',
};

describe('the sibling-file URL modifier', () => {
  it("maps a .gltf's relative buffer and texture URIs to the assets of the same file name", () => {
    const siblings = createSiblingFiles(() => BASE);
    siblings.register(SRC, FILES);

    expect(siblings.resolve('https://assets.ctfassets.net/space/gltf-stool/tok1/stool.bin')).toBe(FILES['stool.bin']);
    // GLTFLoader resolves `textures/ash%20basecolor.jpg` against the .gltf's folder: matched by its decoded file name.
    expect(siblings.resolve('https://assets.ctfassets.net/space/gltf-stool/tok1/textures/ash%20basecolor.jpg')).toBe(FILES['ash basecolor.jpg']);
  });

  it('works for origin-relative embedded URLs and leaves everything else alone', () => {
    const siblings = createSiblingFiles(() => BASE);
    siblings.register('/content-assets/assets.ctfassets.net/demo/gltf-a/t/a.gltf', { 'a.bin': '/content-assets/assets.ctfassets.net/demo/bin-a/t/a.bin' });

    expect(siblings.resolve('/content-assets/assets.ctfassets.net/demo/gltf-a/t/a.bin')).toBe('/content-assets/assets.ctfassets.net/demo/bin-a/t/a.bin');
    // Not listed: the URL GLTFLoader built (the file may sit beside the .gltf, as in an export folder).
    expect(siblings.resolve('/content-assets/assets.ctfassets.net/demo/gltf-a/t/other.png')).toBe(
      '/content-assets/assets.ctfassets.net/demo/gltf-a/t/other.png',
    );
    // Another model's folder, decoders and inline data are never mapped.
    expect(siblings.resolve('/content-assets/assets.ctfassets.net/demo/gltf-b/t/a.bin')).toBe('/content-assets/assets.ctfassets.net/demo/gltf-b/t/a.bin');
    expect(siblings.resolve('/decoders/basis/basis_transcoder.wasm')).toBe('/decoders/basis/basis_transcoder.wasm');
    expect(siblings.resolve('data:application/octet-stream;base64,AAAA')).toBe('data:application/octet-stream;base64,AAAA');
  });

  it('ignores names inherited from Object.prototype', () => {
    const siblings = createSiblingFiles(() => BASE);
    siblings.register(SRC, FILES);
    expect(siblings.resolve('https://assets.ctfassets.net/space/gltf-stool/tok1/constructor')).toBe(
      'https://assets.ctfassets.net/space/gltf-stool/tok1/constructor',
    );
  });
});
