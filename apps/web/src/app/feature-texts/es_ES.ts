/** Every feature's and shared component's Spanish texts (their `locale/es_ES.ts`), as one chunk. */
export const es_ES: object = Object.assign(
  {},
  ...Object.values(
    import.meta.glob<object>('/src/{features,components}/*/*locale/es_ES.ts', { eager: true, import: 'es_ES' }),
  ),
);
