import dayjs from 'dayjs';

/** A chart time in local time, to the second. */
export const formatTime = (ts: number): string => dayjs(ts).format('YYYY-MM-DD HH:mm:ss');
