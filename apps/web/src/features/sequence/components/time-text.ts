import dayjs from 'dayjs';

/** An instant as the sequence lists show it (the browser's zone). */
export const timeText = (ms: number | null | undefined): string =>
  ms === null || ms === undefined ? '-' : dayjs(ms).format('YYYY-MM-DD HH:mm:ss');
