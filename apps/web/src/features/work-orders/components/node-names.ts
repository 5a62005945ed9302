/**
 * The names of a process's nodes by id, read from its BPMN XML (the track names the nodes a step
 * left and reached by id). An unreadable document names nothing.
 */
export function nodeNames(xml: string | undefined): Map<string, string> {
  const names = new Map<string, string>();
  if (!xml) return names;
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length > 0) return names;
  for (const el of Array.from(doc.getElementsByTagName('*'))) {
    const id = el.getAttribute('id');
    const name = el.getAttribute('name');
    if (id && name && !names.has(id)) names.set(id, name);
  }
  return names;
}
