/**
 * The app's named colours: the only place colour values are written down. Features and
 * components refer to a role here (`palette.deviceTone.fault`, `palette.energyFlow.pv`), never
 * to a hex value (a test fails on a hex literal in features/ or components/). Controls take
 * antd's theme tokens (`theme.useToken()`: colorPrimary from the user's theme, colorSuccess,
 * colorWarning …); these are the domain colours antd has no token for: device states, energy
 * flow, chart series, TOU periods, site states. ECharts needs concrete values, so they are
 * plain strings rather than CSS variables.
 */

/** The hues the roles below are made of; `antd*` are antd's preset palette (`red-6` …). */
const hue = {
  antdRed6: '#f5222d',
  antdRed7: '#cf1322',
  antdVolcano7: '#d4380d',
  antdOrange6: '#fa8c16',
  antdYellow7: '#d4b106',
  antdGreen6: '#52c41a',
  antdGreen7: '#389e0d',
  antdBlue6: '#1677ff',
  antdGeekblue6: '#2f54eb',
  antdPurple6: '#722ed1',
  antdMagenta6: '#eb2f96',
  antdGray7: '#8c8c8c',
  antdGray8: '#595959',
  leaf: '#2fb344',
  mustard: '#d4a106',
  teal: '#13a8a8',
  silver: '#a6a6a6',
  jade: '#35b36b',
  crimson: '#e5484d',
  azure: '#2f7cf6',
  gold: '#d4a017',
  emerald: '#1fb57d',
  saffron: '#f0ae16',
  coral: '#f0703d',
  cobalt: '#3d7eff',
  moss: '#52a447',
  mist: '#bfc8d6',
  // AntV's chart colours (battery spreads, SOH).
  tomato: '#e8684a',
  sky: '#2f8fe8',
  sunflower: '#f6bd16',
  mint: '#5ad8a6',
  antdGreen8: '#237804',
  antdGray6: '#bfbfbf',
  antdGray9: '#434343',
  // The light pages' ink and tiles: a navy text on blue-white surfaces.
  navy: '#0f2a4a',
  iceTop: '#f7faff',
  iceEdge: '#e6edf7',
  iceRule: '#eef2f8',
  iceFill: '#fbfdff',
  iceTrack: '#e8eef6',
  iceRow: '#f5f8fc',
  iceHighlight: '#e6f4ff',
  layout: '#f0f2f5',
  white: '#ffffff',
  // The night-sky panels: the energy flow and the sign-in page.
  nightFrom: '#0a1a31',
  nightMid: '#0d2747',
  nightTo: '#0a1c36',
  nightNode: '#0b2140',
  nightHub: '#123463',
  nightHubEdge: '#4aa3ff',
  nightLabel: '#9fb7d3',
  nightLegend: '#86a0bf',
  nightText: '#d6e4f5',
  dawnFrom: '#07213f',
  dawnMid: '#0b3a66',
  dawnTo: '#0d4f7a',
  dawnText: '#e6f4ff',
} as const;

export const palette = {
  /** What a device is doing: card, diagram node, tag and legend; fault red and offline grey read the same everywhere. */
  deviceTone: {
    charging: hue.leaf,
    discharging: hue.antdBlue6,
    standby: hue.mustard,
    running: hue.teal,
    stopped: hue.antdGray8,
    fault: hue.antdRed6,
    offline: hue.silver,
    unknown: hue.antdGray7,
  },
  /** Power on the topology's lines; storage lines take the charging and discharging tones. */
  gridFlow: { import: hue.antdPurple6, export: hue.leaf },
  /** State of charge on a bar: low charge turns it amber, then red. */
  soc: { ok: hue.leaf, low: hue.antdOrange6, critical: hue.antdRed6 },
  /** A usage share (EMS CPU, memory, disk): comfortable, tight, critical. */
  usage: { ok: hue.antdGreen6, tight: hue.antdOrange6, critical: hue.antdRed6 },
  /** Something to look at (an inconsistent row). */
  attention: hue.antdOrange6,
  /** Curves of a device's history chart, in the order series are added. */
  series: [
    hue.antdBlue6,
    hue.leaf,
    hue.antdOrange6,
    hue.antdPurple6,
    hue.antdMagenta6,
    hue.teal,
    hue.mustard,
    hue.antdRed6,
    hue.antdGeekblue6,
    hue.antdGray7,
  ],
  /** The large screens' KPI accents, on their dark ground. */
  largeScreen: {
    stations: hue.sky,
    capacity: hue.cobalt,
    power: hue.emerald,
    charge: hue.leaf,
    discharge: hue.azure,
    revenue: hue.gold,
    carbon: hue.jade,
    alarms: hue.crimson,
  },
  /** Site status on the site overview (docs/api.md "Site status"). */
  siteStatus: { normal: hue.antdGreen6, fault: hue.antdRed6, offline: hue.antdGray7, lost: hue.antdPurple6 },
  /** Alarm levels (1 critical … 4 hint) on every tag and marker of the alarm centre. */
  alarmLevel: { 1: hue.antdRed6, 2: hue.antdOrange6, 3: hue.mustard, 4: hue.antdBlue6 },
  /** The raise time marked on an alarm's point curve. */
  alarmMark: hue.antdRed6,
  /** The home page's energy-flow diagram: one colour per branch, the idle colour for a still branch. */
  energyFlow: {
    pv: '#f6c344',
    grid: '#5b9bff',
    storage: '#3fd69a',
    charger: '#b287ff',
    load: '#ff8a5b',
    idle: '#6f86a3',
    hub: '#8fd0ff',
  },
  /** The home page's power curve, the same quantities as the energy-flow diagram's branches. */
  powerCurve: { storagePower: hue.emerald, pvPower: hue.saffron, loadPower: hue.coral, gridPower: hue.cobalt },
  /** Accents of the home page's KPI tiles. */
  homeKpi: {
    rating: hue.cobalt,
    storage: hue.emerald,
    charge: hue.teal,
    discharge: hue.coral,
    revenue: hue.gold,
    carbon: hue.moss,
  },
  /** Device counts by state (home page): online and healthy, in fault, offline. */
  deviceCount: { healthy: hue.emerald, fault: hue.antdRed6, offline: hue.mist, offlineText: hue.antdGray7 },
  /** One colour per TOU period on every chart, tag and timeline: hot for expensive, cool for cheap. */
  touPeriod: {
    sharp: hue.antdVolcano7,
    peak: hue.antdOrange6,
    flat: hue.azure,
    valley: hue.jade,
    deepValley: hue.teal,
  },
  /** Revenue bars (gain, loss) and their running total. */
  revenue: { positive: hue.jade, negative: hue.crimson, cumulative: hue.azure },
  /** Accents of the energy-report tiles. */
  reportTile: {
    charge: hue.jade,
    discharge: hue.antdOrange6,
    efficiency: hue.azure,
    days: hue.teal,
    revenue: hue.gold,
    average: hue.jade,
    best: hue.azure,
  },
  /** The station report's chart: energy charged and discharged, round-trip efficiency. */
  stationReport: { charge: hue.antdBlue6, discharge: hue.antdGreen6, efficiency: hue.antdOrange6 },
  /** Limit lines of a power-quality chart. */
  limits: { limit: hue.antdRed6, nominal: hue.antdGray7 },
  /** Phases in the Chinese colour convention (A yellow, B green, C red), and frequency. */
  phase: { ua: hue.antdYellow7, ub: hue.antdGreen7, uc: hue.antdRed7, freq: hue.antdBlue6 },
  /** Battery analysis: cell spread (highest, lowest, difference) and state of health. */
  battery: { max: hue.tomato, min: hue.sky, delta: hue.sunflower, soh: hue.mint },
  /** The navbar's drawn weather icons. */
  weather: {
    sunRay: '#f5a623',
    sun: '#f8c43a',
    moon: '#9fb3d9',
    cloud: '#c9d3df',
    cloudEdge: '#8f9bab',
    rain: '#3d8bfd',
    snow: '#7fb2ff',
  },
} as const;

/**
 * The colours of the app's style sheets (CSS modules), which cannot import this file: each is
 * given to them as a CSS variable `--ess-<name in kebab case>` on the document's root
 * (sheet-colours.ts), e.g. `color: var(--ess-ink)`. Neutral surfaces and controls use antd's
 * variables instead (`var(--ant-color-bg-container)`). A test fails on a hex colour in a sheet
 * and on a `--ess-` variable not named here.
 */
export const sheetColours = {
  /** Behind every page. */
  page: hue.layout,
  /** Headings and figures of the home and report pages. */
  ink: hue.navy,
  tileTop: hue.iceTop,
  tileEdge: hue.iceEdge,
  tileRule: hue.iceRule,
  tileFill: hue.iceFill,
  /** The empty part of a bar (state of charge, usage). */
  track: hue.iceTrack,
  totalRow: hue.iceRow,
  /** Where a dragged row would land. */
  dropTarget: hue.iceHighlight,
  /** A bar's filled part while healthy, and the end of its gradient. */
  healthy: hue.emerald,
  healthyEnd: hue.mint,
  /** Money and differences: gained, lost. */
  gain: hue.antdGreen8,
  loss: hue.antdRed7,
  /** A value out of its limits, one within them, one near them. */
  bad: hue.antdRed6,
  good: hue.antdGreen6,
  warn: hue.antdOrange6,
  /** A station whose data stopped (site states' `lost`). */
  lost: hue.antdPurple6,
  /** The topology's drawing: wires, the bus bar, device symbols. */
  wire: hue.antdGray6,
  bus: hue.antdGray9,
  symbol: hue.antdGray8,
  /** Text and lines on a dark panel. */
  onDark: hue.white,
  /** The energy flow's night-sky panel. */
  flowSkyFrom: hue.nightFrom,
  flowSkyMid: hue.nightMid,
  flowSkyTo: hue.nightTo,
  flowNode: hue.nightNode,
  flowHub: hue.nightHub,
  flowHubEdge: hue.nightHubEdge,
  flowName: hue.nightLabel,
  flowLegend: hue.nightLegend,
  flowBalance: hue.nightText,
  /** The sign-in page's dawn sky and its text. */
  signInSkyFrom: hue.dawnFrom,
  signInSkyMid: hue.dawnMid,
  signInSkyTo: hue.dawnTo,
  signInText: hue.dawnText,
} as const;

export type SheetColour = keyof typeof sheetColours;
