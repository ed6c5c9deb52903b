import { describe, expect, it } from 'vitest';

import { getSceneViewerIntent, NO_SCENE_VIEWER_HASH } from './ar-scene-viewer.ts';

function parse(intent: string) {
  const [address = '', fragment = ''] = intent.split('#Intent;');
  const query = new URLSearchParams(address.slice(address.indexOf('?') + 1));
  const fields = Object.fromEntries(
    fragment
      .replace(/;end;$/, '')
      .split(';')
      .map((field) => field.split('=') as [string, string]),
  );
  return { address, query, fields };
}

describe('getSceneViewerIntent', () => {
  const target = {
    file: 'https://shop.example/content-assets/a1/chair.glb',
    title: 'Ostra lounge chair',
    pageUrl: 'https://shop.example/models/ostra?variant=sand#x',
  };

  it('opens Scene Viewer 1.2 in AR with the file, the title, the page and a fixed scale', () => {
    const { address, query, fields } = parse(getSceneViewerIntent(target));

    expect(address.startsWith('intent://arvr.google.com/scene-viewer/1.2?')).toBe(true);
    expect(Object.fromEntries(query)).toEqual({
      file: target.file,
      mode: 'ar_preferred',
      title: 'Ostra lounge chair',
      link: 'https://shop.example/models/ostra?variant=sand',
      resizable: 'false',
    });
    expect(fields).toEqual({
      scheme: 'https',
      package: 'com.google.ar.core',
      action: 'android.intent.action.VIEW',
      'S.browser_fallback_url': encodeURIComponent(`https://shop.example/models/ostra?variant=sand${NO_SCENE_VIEWER_HASH}`),
    });
  });

  it('encodes values, so a title or URL cannot add parameters or end the intent', () => {
    const hostile = {
      file: 'https://shop.example/a b.glb?x=1&mode=3d_only',
      title: 'Chair & table; #Intent;end; 100%',
      pageUrl: 'https://shop.example/m?a=1&b=2',
    };
    const intent = getSceneViewerIntent(hostile);
    const { query, fields } = parse(intent);

    expect(query.get('file')).toBe(hostile.file);
    expect(query.get('mode')).toBe('ar_preferred');
    expect(query.getAll('mode')).toHaveLength(1);
    expect(query.get('title')).toBe(hostile.title);
    expect(intent.match(/#Intent;/g)).toHaveLength(1);
    expect(intent.match(/;end;/g)).toHaveLength(1);
    expect(decodeURIComponent(fields['S.browser_fallback_url'] ?? '')).toBe(`https://shop.example/m?a=1&b=2${NO_SCENE_VIEWER_HASH}`);
    expect(intent).not.toMatch(/\s/);
  });
});
