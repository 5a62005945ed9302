/**
 * Draws a BPMN XML into a bpmn-js viewer and marks its nodes, through the few parts of the
 * viewer it uses (typed here so the steps can be followed without the library's whole surface).
 */

/** What a node of the diagram is: waiting now, or passed. */
export type NodeMarks = { active: readonly string[]; done: readonly string[] };

/** The CSS classes the two kinds of node get (from the component's CSS module). */
export type MarkerClasses = { active: string; done: string };

/** The parsed `bpmn:Definitions` (only its diagrams are read here). */
export type Definitions = { diagrams?: readonly unknown[] };

/** The viewer parts used: its moddle (parse), its import, its canvas and element registry. */
export type DiagramViewer = {
  parse(xml: string): Promise<Definitions>;
  importDefinitions(definitions: Definitions): Promise<unknown>;
  canvas(): {
    zoom(level: 'fit-viewport'): number;
    addMarker(id: string, marker: string): void;
    removeMarker(id: string, marker: string): void;
  };
  has(id: string): boolean;
};

/**
 * How drawing went: drawn (with the marked ids the diagram does not hold), not BPMN at all, BPMN
 * without a diagram layout, a browser that cannot measure SVG (a test DOM), or a failure while
 * drawing.
 */
export type DrawOutcome =
  | { kind: 'drawn'; unknownIds: string[] }
  | { kind: 'unreadable' }
  | { kind: 'noLayout' }
  | { kind: 'unsupported' }
  | { kind: 'failed' };

/** Whether this DOM can lay out SVG (jsdom cannot: no getBBox, no SVG transforms). */
export const canMeasureSvg = (): boolean =>
  typeof SVGGraphicsElement !== 'undefined' &&
  typeof (SVGGraphicsElement.prototype as { getBBox?: unknown }).getBBox === 'function';

/**
 * Parses first, so an unreadable file is told apart from a drawing failure; then draws, fits the
 * diagram into its box and marks the nodes.
 */
export async function drawDiagram(
  viewer: DiagramViewer,
  xml: string,
  marks: NodeMarks,
  classes: MarkerClasses,
  measurable: boolean = canMeasureSvg(),
): Promise<DrawOutcome> {
  let definitions: Definitions;
  try {
    definitions = await viewer.parse(xml);
  } catch {
    return { kind: 'unreadable' };
  }
  if (!definitions.diagrams?.length) return { kind: 'noLayout' };
  if (!measurable) return { kind: 'unsupported' };
  try {
    await viewer.importDefinitions(definitions);
  } catch {
    return { kind: 'failed' };
  }
  viewer.canvas().zoom('fit-viewport');
  return { kind: 'drawn', unknownIds: markNodes(viewer, { active: [], done: [] }, marks, classes) };
}

/**
 * Moves the markers from the previous marks to the new ones (a node goes from waiting to done as
 * an order moves on); returns the ids the diagram does not hold, which are left out.
 */
export function markNodes(viewer: DiagramViewer, previous: NodeMarks, next: NodeMarks, classes: MarkerClasses) {
  const canvas = viewer.canvas();
  const unknown: string[] = [];
  for (const kind of ['active', 'done'] as const) {
    for (const id of previous[kind]) if (viewer.has(id)) canvas.removeMarker(id, classes[kind]);
  }
  for (const kind of ['done', 'active'] as const) {
    for (const id of next[kind]) {
      if (viewer.has(id)) canvas.addMarker(id, classes[kind]);
      else unknown.push(id);
    }
  }
  return unknown;
}
