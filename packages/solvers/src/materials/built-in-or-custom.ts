// A material parameter is either the id of a built-in one or an object of properties.
import { isPlainObject, type ParameterChecker } from '../run/parameters.js';

export interface MaterialChoice<T> {
  /** How the messages name an id ('fluid', 'material'). */
  kind: string;
  builtIns: Readonly<Record<string, T>>;
  readCustom(input: Record<string, unknown>, path: string, checker: ParameterChecker): T | undefined;
  /** What the parameter may be, for the messages: "'water', 'air' or an object of properties". */
  accepted: string;
}

/** The built-in named by `input`, or the custom one it describes; problems are added at `path`. */
export function readBuiltInOrCustom<T>(input: unknown, path: string, checker: ParameterChecker, choice: MaterialChoice<T>): T | undefined {
  if (typeof input === 'string') {
    const found = choice.builtIns[input];
    if (!found) checker.add(path, `unknown ${choice.kind} '${input}' (built in: ${Object.keys(choice.builtIns).join(', ')}; or give an object of properties)`);
    return found;
  }
  if (isPlainObject(input)) return choice.readCustom(input, path, checker);
  checker.add(path, input === undefined ? `is required (${choice.accepted})` : `must be ${choice.accepted}`);
  return undefined;
}
