import { describe, expect, it } from 'vitest';

import { toViewerSource } from '#server/services/content/mapper-viewer.ts';

import type { SdkEntry } from '#server/services/content/mapper.ts';

const asset = (id: string, fileName: string) => ({
  sys: { type: 'Asset', id },
  fields: { title: id, file: { url: `//assets.ctfassets.net/space/${id}/tok/${fileName}`, fileName, contentType: 'application/octet-stream' } },
});

describe('model.files', () => {
  it("becomes the viewer's file name → URL map; unresolved links and unsafe URLs drop out", () => {
    const unsafe = { sys: { type: 'Asset', id: 'x' }, fields: { file: { url: 'javascript:alert(1)', fileName: 'evil.bin' } } };
    const entry = {
      sys: { id: 'model-stool', type: 'Entry' },
      fields: {
        name: 'Stool',
        file: asset('gltf', 'stool.gltf'),
        files: [asset('bin', 'stool.bin'), { sys: { type: 'Link', linkType: 'Asset', id: 'missing' } }, unsafe, asset('tex', 'ash basecolor.jpg')],
      },
    } as unknown as SdkEntry;

    expect(toViewerSource(entry)?.files).toEqual({
      'stool.bin': 'https://assets.ctfassets.net/space/bin/tok/stool.bin',
      'ash basecolor.jpg': 'https://assets.ctfassets.net/space/tex/tok/ash%20basecolor.jpg',
    });
  });

  it('is absent when the model lists no sibling files', () => {
    const entry = { sys: { id: 'm', type: 'Entry' }, fields: { name: 'Box', file: asset('glb', 'box.glb') } } as unknown as SdkEntry;
    expect(toViewerSource(entry)).not.toHaveProperty('files');
  });
});
