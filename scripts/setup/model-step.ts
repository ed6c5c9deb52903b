// ADR 062: saves and publishes each declared type that differs from the space's. Nothing undeclared is touched.
import { CONTENT_TYPES } from '#shared/content/content-model.ts';
import { forSpace } from '#shared/content/declare.ts';

import { toControl, toSpaceField } from '../content/build/content-model.ts';
import { SetupError, toSdkFailure } from './context.ts';

import type { ContentType, Field } from '#shared/content/declare.ts';
import type { ContentTypeProps, EditorInterfaceProps, PlainClientAPI } from 'contentful-management';
import type { SetupContext } from './context.ts';

export type DeclaredType = Omit<ContentType, 'fields'> & { id: string; fields: (Field & { id: string })[] };
type SpaceField = ContentTypeProps['fields'][number] & Record<string, unknown>;
type Control = NonNullable<EditorInterfaceProps['controls']>[number];

/** Keys sorted and `null`s (as good as absent) left out, so that only values count. */
function sorted(_key: string, value: unknown) {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const entries = Object.entries(value).filter(([, inner]) => inner != null);
  return Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));
}
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null, sorted) === JSON.stringify(b ?? null, sorted);

const PROPERTIES = ['name', 'type', 'linkType', 'items', 'required', 'localized', 'validations', 'disabled', 'omitted'] as const;
const props = (field: Field & { id: string }) => toSpaceField(field) as unknown as SpaceField;
/** A property as the CMA reads it when absent: no validations, flags off. */
const normal = (field: Record<string, unknown>, key: (typeof PROPERTIES)[number]) => {
  if (key === 'items') return field.items && { validations: [], ...field.items };
  if (key === 'validations') return field.validations ?? [];
  return ['name', 'type', 'linkType'].includes(key) ? field[key] : (field[key] ?? false);
};
const kind = (field: { type: string; linkType?: string; items?: { type: string; linkType?: string } }) =>
  [field.type, field.linkType, field.items?.type, field.items?.linkType].filter(Boolean).join(' ');
const sameControl = (a: Control | undefined, b: Control) => same([a?.widgetId, a?.widgetNamespace, a?.settings], [b.widgetId, b.widgetNamespace, b.settings]);

interface Change {
  declared: DeclaredType;
  current: ContentTypeProps | undefined;
  /** Undefined: only widgets differ. */
  body?: Pick<ContentTypeProps, 'name' | 'description' | 'displayField' | 'fields'>;
  controls: boolean;
  notes: string[];
}

function diffType(declared: DeclaredType, current: ContentTypeProps | undefined, controls: Control[], errors: string[]): Change | undefined {
  const head = { name: declared.name, description: declared.description, displayField: declared.displayField };
  if (!current) return { declared, current, body: { ...head, fields: declared.fields.map(props) }, controls: true, notes: [] };
  const notes: string[] = [];
  if (current.sys.publishedVersion === undefined || current.sys.version !== current.sys.publishedVersion + 1) notes.push('publish');
  if (!same(head, { name: current.name, description: current.description, displayField: current.displayField }))
    notes.push('set name, description, display field');
  const fields = [...current.fields] as SpaceField[];
  for (const field of declared.fields) {
    const index = fields.findIndex((existing) => existing.id === field.id);
    const existing = fields[index];
    if (!existing) notes.push(`add ${field.id}`);
    else if (kind(existing) !== kind(field))
      errors.push(`${declared.id}.${field.id} is ${kind(existing)} in the space, declared ${kind(field)}: Contentful cannot change a field's type.`);
    const changed = existing ? PROPERTIES.filter((key) => !same(normal(existing, key), normal(props(field), key))) : [];
    if (changed.length > 0) notes.push(`set ${changed.join(', ')} of ${field.id}`);
    if (existing) fields[index] = { ...existing, ...props(field) };
    else fields.push(props(field));
  }
  // Declared fields follow each other in the declared order, from where the first one is; undeclared ones are left behind them.
  const at = (id: string | undefined) => fields.findIndex((f) => f.id === id);
  declared.fields.slice(1).forEach((field, index) => {
    const previous = declared.fields[index]?.id;
    if (fields[at(previous) + 1]?.id === field.id) return;
    const [moved] = fields.splice(at(field.id), 1);
    if (moved) fields.splice(at(previous) + 1, 0, moved);
    notes.push(`move ${field.id}`);
  });
  const byField = new Map(controls.map((c) => [c.fieldId, c]));
  const widgets = declared.fields.filter((field) => !sameControl(byField.get(field.id), toControl(field)));
  if (widgets.length > 0) notes.push(`set the editor of ${widgets.map((field) => field.id).join(', ')}`);
  if (notes.length === 0) return undefined;
  const saves = notes.length > (widgets.length > 0 ? 1 : 0);
  return { declared, current, body: saves ? { ...head, fields } : undefined, controls: widgets.length > 0, notes };
}

export interface SyncModelOptions {
  client: PlainClientAPI;
  spaceId: string;
  environmentId: string;
  dryRun?: boolean;
  log: (line: string) => void;
  /** Tests apply a variation of the declaration. */
  model?: readonly DeclaredType[];
}

const describe = (error: unknown) => {
  const { status, name, message } = toSdkFailure(error);
  return `${status ?? ''} ${name}: ${message.replace(/\.$/, '')}`.trim();
};

export async function syncContentModel(options: SyncModelOptions): Promise<{ changed: string[] }> {
  const { client, spaceId, environmentId, dryRun = false, log, model = CONTENT_TYPES } = options;
  const params = { spaceId, environmentId };
  const [types, editors] = await Promise.all([client.contentType.getMany({ ...params, query: { limit: 1000 } }), client.editorInterface.getMany(params)]).catch(
    (error: unknown) => {
      throw new SetupError(`Could not read the content model of ${spaceId}/${environmentId}: ${describe(error)}.`);
    },
  );
  const errors: string[] = [];
  // Rich-text resource links may only name spaces of the user's organisation: the declaration's "this space" is theirs.
  const changes = forSpace(model, spaceId).flatMap((declared) => {
    const current = types.items.find((type) => type.sys.id === declared.id);
    return diffType(declared, current, editors.items.find((editor) => editor.sys.contentType.sys.id === declared.id)?.controls ?? [], errors) ?? [];
  });
  if (errors.length > 0) throw new SetupError(`The content model cannot be applied to this space:\n  ${errors.join('\n  ')}`);
  if (changes.length === 0) log(`✓ the space has the declared content model (${model.length} content types)`);
  for (const { declared, current, notes } of changes) {
    const what = current ? `change ${declared.id}: ${notes.join('; ')}` : `create content type ${declared.id} (${declared.fields.length} fields)`;
    log(`+ ${dryRun ? 'would ' : ''}${what}`);
  }
  if (!dryRun) for (const change of changes) await apply(client, params, change);
  return { changed: changes.map(({ declared }) => declared.id) };
}

async function apply(client: PlainClientAPI, params: { spaceId: string; environmentId: string }, { declared, current, body, controls }: Change) {
  const where = { ...params, contentTypeId: declared.id };
  const step = async <T>(what: string, call: () => Promise<T>): Promise<T> =>
    call().catch((error: unknown) => {
      throw new SetupError(`Could not ${what} content type ${declared.id}: ${describe(error)}. What came before was applied; run setup again for the rest.`);
    });
  if (body) {
    const saved = await step('save', () =>
      current ? client.contentType.update(where, { ...current, ...body }) : client.contentType.createWithId(where, body),
    );
    await step('publish', () => client.contentType.publish(where, saved));
  }
  if (!controls) return;
  // Published fields have an editor control by now (the CMA adds a default one): replace the declared ones.
  const editor = await step('read the editor of', () => client.editorInterface.get(where));
  const wanted = declared.fields.map(toControl);
  const kept = (editor.controls ?? []).filter((c) => !wanted.some((w) => w.fieldId === c.fieldId));
  await step('set the editor of', () => client.editorInterface.update(where, { ...editor, controls: [...kept, ...wanted] }));
}

export async function applyContentModel({ cma, env, flags, out }: SetupContext): Promise<void> {
  out('Content model (shared/content/content-model.ts)');
  const { spaceId, environmentId } = env;
  await syncContentModel({ client: cma, spaceId, environmentId, dryRun: flags['dry-run'], log: (line) => out(`  ${line}`) });
}
