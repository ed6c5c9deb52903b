import { notFound } from '#client/data/loader-helpers.ts';

import type { LoaderFunctionArgs } from 'react-router';

export function loader({ request }: LoaderFunctionArgs): never {
  notFound(`Page ${new URL(request.url).pathname}`);
}
