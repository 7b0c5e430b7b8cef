/**
 * A page's form after a save refused because the page changed elsewhere: the stored page with the
 * owner's unsaved edits laid over it, by the product editor's and the settings' rule (a field the
 * owner left shows the newer value, one the owner changed keeps the owner's).
 */
export function pageEditsOntoNewer<Form extends object>(typed: Form, loaded: Form, newer: Form): Form {
  const merged = { ...newer };
  for (const key of Object.keys(typed) as Array<keyof Form>) {
    if (typed[key] !== loaded[key]) merged[key] = typed[key];
  }
  return merged;
}
