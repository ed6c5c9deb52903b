import escapeHtml from 'escape-html';

import { renderErrorDocument, sendError } from '#server/middleware/errors.ts';
import { ROUTE_DATA_PREFIX } from '#shared/constants.ts';
import { isFeedPath } from '#shared/urls.ts';

import type { SpaceProblem, SpaceStatus } from '#server/services/content/space-status.ts';
import type { RequestHandler } from 'express';

const NOT_SET_UP = 'This site is not set up yet: the Contentful space does not have the content model Vitrine needs. Run npm run setup.';
const STYLE = 'main{max-width:44rem}li{margin:.2rem 0;overflow-wrap:anywhere}h2{font-size:1.1rem;margin-top:1.75rem}';

/** A live space is set up in place; an export must be exported again (the engine reads it at start). */
type SpaceMode = 'contentful' | 'embedded';
const FIX: Record<SpaceMode, string> = {
  contentful:
    'Run <code>npm run setup</code> with <code>CONTENTFUL_SPACE_ID</code> and <code>CONTENTFUL_MANAGEMENT_TOKEN</code> set: it creates the ' +
    'content types, fields and locales Vitrine needs. This page turns into the site by itself once the space matches (within 30 seconds, ' +
    'at once with the Contentful webhook).',
  embedded:
    'The export in <code>CONTENT_EXPORT_FILE</code> comes from a space without Vitrine’s content model. Run <code>npm run setup</code> on ' +
    'that space, export it again and restart, or unset <code>CONTENT_EXPORT_FILE</code> to serve the demo space.',
};

const list = (problems: readonly SpaceProblem[]) =>
  `<ul>${problems.map(({ path, message }) => `<li><code>${escapeHtml(path)}</code>: ${escapeHtml(message)}</li>`).join('')}</ul>`;

function renderNotSetUpPage(status: SpaceStatus, mode: SpaceMode, nonce?: string): string {
  const warnings = status.warnings.length > 0 ? `<h2>Also worth fixing (the site works without)</h2>${list(status.warnings)}` : '';
  const main =
    '<main><h1>This site is not set up yet</h1><p>The Contentful space behind this site does not have the content model Vitrine ' +
    'needs, so there is nothing to show yet. If you are a visitor, please come back later.</p>' +
    `<h2>What does not match (${status.errors.length})</h2>${list(status.errors)}<h2>How to fix it</h2><p>${FIX[mode]}</p>` +
    `<p>Step by step: <code>docs/own-space.md</code> in the Vitrine repository.</p>${warnings}</main>`;
  return renderErrorDocument({ title: 'Not set up yet', main, style: STYLE, nonce });
}

/** While the space is not set up, everything but webhooks and preview answers 503 (ADR 038), so a fix can still arrive. */
export function createSpaceGate(status: () => SpaceStatus, mode: SpaceMode): RequestHandler {
  return (req, res, next) => {
    const current = status();
    const { path } = req;
    if (current.state !== 'not-set-up' || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    if (path === '/robots.txt' || (path.startsWith('/api/') && !path.startsWith('/api/content/'))) return next();
    if (path.startsWith('/api/content/') || path === ROUTE_DATA_PREFIX || path.startsWith(`${ROUTE_DATA_PREFIX}/`))
      return sendError(req, res, 503, NOT_SET_UP, {}, { problems: current.errors, warnings: current.warnings });
    res.status(503).setHeader('Cache-Control', 'no-store');
    if (isFeedPath(path)) return void res.type('text/plain').send(`${NOT_SET_UP}\n`);
    res.type('html').send(renderNotSetUpPage(current, mode, res.locals.nonce as string | undefined));
  };
}
