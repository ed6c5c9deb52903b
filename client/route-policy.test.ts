import { describe, expect, it } from 'vitest';

import { getDocumentPolicy } from '#client/route-policy.ts';

const match = (handle?: unknown) => ({ route: { handle } });

describe('getDocumentPolicy', () => {
  it('lets a document be framed when a matched route is embeddable', () => {
    expect(getDocumentPolicy([match({ layout: true }), match({ embeddable: true, bare: true })])).toEqual({ embeddable: true });
  });

  it('keeps every other document unframeable, routes without a handle included', () => {
    expect(getDocumentPolicy([match(), match({ chunk: 'client/pages/model/model-page.tsx' })])).toEqual({ embeddable: false });
    expect(getDocumentPolicy([match({ embeddable: 'yes' })])).toEqual({ embeddable: false });
  });
});
