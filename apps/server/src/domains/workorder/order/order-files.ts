/** A file linked to an order, as lists show it. */
export type LinkedFile = { id: string; name: string; size: number; contentType: string };

/**
 * What the order module needs of the file store (platform/files): describe linked files, and
 * check before linking that each file exists and may be linked at the station by the user.
 */
export type OrderFiles = {
  describe(ids: readonly string[]): Promise<LinkedFile[]>;
  assertUsable(ids: readonly string[], use: { stationId: number; userId: number }): Promise<void>;
};

/** The file store's face as the order module uses it: attachments and pictures of orders. */
export const orderFilesOf = (store: {
  describeFiles(ids: readonly string[]): Promise<LinkedFile[]>;
  assertFilesUsable(
    ids: readonly string[],
    use: { stationId: number | null; userId: number; purpose: 'attachment' },
  ): Promise<void>;
}): OrderFiles => ({
  describe: (ids) => (ids.length === 0 ? Promise.resolve([]) : store.describeFiles(ids)),
  assertUsable: (ids, use) => store.assertFilesUsable(ids, { ...use, purpose: 'attachment' }),
});
