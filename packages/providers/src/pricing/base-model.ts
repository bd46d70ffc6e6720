/** The model id without a date snapshot or tag suffix, for a fallback lookup. */
export function baseModel(model: string): string[] {
  const out: string[] = [];
  const bare = model.includes('/') ? model.slice(model.lastIndexOf('/') + 1) : model;
  if (bare !== model) out.push(bare);
  const undated = bare.replace(/-(\d{4}-\d{2}-\d{2}|\d{8}|latest|preview(-\d\d-\d\d)?)$/, '');
  if (undated !== bare) out.push(undated);
  const major = undated.replace(/-0$/, '');
  if (major !== undated) out.push(major);
  const untagged = bare.replace(/[:@].*$/, '');
  if (untagged !== bare) out.push(untagged);
  return out;
}
