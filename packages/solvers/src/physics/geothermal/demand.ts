// The heat demand: a built-in shape scaled to a mean power, or a table read from CSV text.
//
// Built-in shapes (ours, not from a standard; each has mean 1 over its period so that `mean_power`
// is the mean demand over whole days and years):
//   daily     24 hourly multipliers with a morning (6-9 h) and an evening (17-21 h) peak, linear
//             between the hours, the pattern of a residential district-heating load;
//   seasonal  1 + A cos(2π (d - d_peak) / 365), d the day of the year from the start (1 January
//             00:00), A the seasonal amplitude (0 ≤ A ≤ 1), d_peak the day of the largest demand;
//   daily_seasonal  the product of the two; constant  1.
// CSV: one row per line, `time, power` (comma, semicolon, tab or spaces between), times in the
// chosen unit from the start (the first 0, increasing), powers in the chosen unit, not negative;
// blank lines and lines starting with # are skipped, and a first line that is not numeric is a
// header. The demand is linear between rows; the file covers [0, t_last + (t_last - t_prev)) and
// repeats (hourly rows 0-23 h make a daily profile, rows 0-8759 h a year).

export const DEMAND_SHAPES = ['constant', 'daily', 'seasonal', 'daily_seasonal', 'csv'] as const;
export type DemandShape = (typeof DEMAND_SHAPES)[number];

export const CSV_TIME_UNITS = { s: 1, min: 60, h: 3600, d: 86_400 } as const;
export const CSV_POWER_UNITS = { W: 1, kW: 1e3, MW: 1e6 } as const;
export type CsvTimeUnit = keyof typeof CSV_TIME_UNITS;
export type CsvPowerUnit = keyof typeof CSV_POWER_UNITS;

/** The most rows a CSV demand may have (a year at 1-minute resolution). */
export const MAX_CSV_ROWS = 527_040;
/** At most this many problems are listed for one file. */
const MAX_REPORTED_ISSUES = 10;

const DAY = 86_400;
const YEAR_DAYS = 365;

const RAW_DAILY = [0.6, 0.55, 0.55, 0.55, 0.6, 0.8, 1.3, 1.6, 1.45, 1.2, 1.15, 1.05, 1.0, 0.95, 0.95, 0.9, 1.0, 1.25, 1.45, 1.4, 1.2, 1.0, 0.8, 0.7];
const RAW_DAILY_MEAN = RAW_DAILY.reduce((a, b) => a + b, 0) / RAW_DAILY.length;
/** Hourly multipliers from midnight, mean exactly 1 (linear interpolation keeps the mean). */
export const DAILY_SHAPE: readonly number[] = RAW_DAILY.map((v) => v / RAW_DAILY_MEAN);

export interface DemandProfile {
  /** Demand at time t (s from the start), W. */
  power(time: number): number;
  /** For the log. */
  description: string;
}

export function dailyMultiplier(time: number): number {
  const hours = (((time / 3600) % 24) + 24) % 24;
  const h = Math.floor(hours);
  const w = hours - h;
  return (1 - w) * DAILY_SHAPE[h]! + w * DAILY_SHAPE[(h + 1) % 24]!;
}

export function seasonalMultiplier(time: number, amplitude: number, peakDay: number): number {
  return 1 + amplitude * Math.cos((2 * Math.PI * (time / DAY - peakDay)) / YEAR_DAYS);
}

export interface BuiltInDemand {
  shape: Exclude<DemandShape, 'csv'>;
  /** W */
  meanPower: number;
  seasonalAmplitude: number;
  /** Day of the year (from 0 at 1 January 00:00) of the largest seasonal demand. */
  peakDay: number;
}

export function builtInDemand(demand: BuiltInDemand): DemandProfile {
  const { shape, meanPower, seasonalAmplitude, peakDay } = demand;
  const daily = shape === 'daily' || shape === 'daily_seasonal';
  const seasonal = shape === 'seasonal' || shape === 'daily_seasonal';
  return {
    power: (t) => meanPower * (daily ? dailyMultiplier(t) : 1) * (seasonal ? seasonalMultiplier(t, seasonalAmplitude, peakDay) : 1),
    description: `${shape.replace('_', ' + ')} demand shape, mean ${meanPower} W${seasonal ? `, seasonal amplitude ${seasonalAmplitude}, peak on day ${peakDay}` : ''}`,
  };
}

export interface CsvIssue {
  line: number;
  message: string;
}

export class DemandCsvError extends Error {
  constructor(readonly issues: readonly CsvIssue[]) {
    super(issues.map((issue) => (issue.line > 0 ? `line ${issue.line}: ${issue.message}` : issue.message)).join('; '));
    this.name = 'DemandCsvError';
  }
}

export interface DemandTable {
  /** s, from 0, increasing. */
  times: Float64Array;
  /** W */
  powers: Float64Array;
  /** s: the profile repeats after it. */
  period: number;
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Reads CSV text into a demand table; DemandCsvError lists the problems with their line numbers. */
export function parseDemandCsv(text: string, units: { time: CsvTimeUnit; power: CsvPowerUnit }): DemandTable {
  const timeScale = CSV_TIME_UNITS[units.time];
  const powerScale = CSV_POWER_UNITS[units.power];
  const issues: CsvIssue[] = [];
  const times: number[] = [];
  const powers: number[] = [];
  const lines = text.split(/\r\n|\n|\r/);
  let seenContent = false;
  let lastLine = 0;
  for (let index = 0; index < lines.length && issues.length < MAX_REPORTED_ISSUES; index++) {
    const line = index + 1;
    const trimmed = lines[index]!.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const fields = trimmed.split(/\s*[,;\t]\s*|\s+/).filter((f) => f !== '');
    const first = !seenContent;
    seenContent = true;
    if (first && fields.length > 0 && !NUMBER.test(fields[0]!)) continue; // a header
    if (fields.length !== 2) {
      issues.push({ line, message: `expected two values, time and power (got ${fields.length}: '${trimmed.slice(0, 60)}')` });
      continue;
    }
    const [timeText, powerText] = fields as [string, string];
    if (!NUMBER.test(timeText)) {
      issues.push({ line, message: `the time '${timeText}' is not a number` });
      continue;
    }
    if (!NUMBER.test(powerText)) {
      issues.push({ line, message: `the power '${powerText}' is not a number` });
      continue;
    }
    const time = Number(timeText) * timeScale;
    const power = Number(powerText) * powerScale;
    if (times.length === 0 && time !== 0) issues.push({ line, message: `the first time must be 0 (the start of the simulation), got ${timeText} ${units.time}` });
    else if (times.length > 0 && !(time > times[times.length - 1]!)) issues.push({ line, message: `times must increase: ${timeText} ${units.time} does not come after the line before` });
    if (power < 0) issues.push({ line, message: `the power must not be negative (got ${powerText} ${units.power})` });
    if (times.length >= MAX_CSV_ROWS) {
      issues.push({ line, message: `more than ${MAX_CSV_ROWS} rows` });
      break;
    }
    times.push(time);
    powers.push(power);
    lastLine = line;
  }
  if (issues.length === 0 && times.length < 2) issues.push({ line: lastLine, message: `at least two rows (time, power) are needed, found ${times.length}` });
  if (issues.length > 0) throw new DemandCsvError(issues);
  const n = times.length;
  const period = times[n - 1]! + (times[n - 1]! - times[n - 2]!);
  return { times: Float64Array.from(times), powers: Float64Array.from(powers), period };
}

export function tableDemand(table: DemandTable): DemandProfile {
  const { times, powers, period } = table;
  const n = times.length;
  let cursor = 0;
  return {
    power(time: number): number {
      const t = ((time % period) + period) % period;
      // Searches usually move forward by a row or two: start from the last row found.
      if (t < times[cursor]!) cursor = 0;
      while (cursor + 1 < n && times[cursor + 1]! <= t) cursor++;
      const t0 = times[cursor]!;
      const next = cursor + 1 < n ? cursor + 1 : 0;
      const t1 = cursor + 1 < n ? times[cursor + 1]! : period;
      const w = (t - t0) / (t1 - t0);
      return (1 - w) * powers[cursor]! + w * powers[next]!;
    },
    description: `demand table of ${n} rows repeating every ${period} s`,
  };
}
