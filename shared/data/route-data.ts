/** `GET /_data/<path>?_routes=a,b`: one request per client navigation answers every matched route's loader. */
export type RouteDataResult = { data: unknown } | { error: { status: number; statusText: string; data: unknown } };

export type RouteDataPayload =
  { type: 'data'; status: number; results: Record<string, RouteDataResult> } | { type: 'redirect'; status: number; location: string; reloadDocument: boolean };
