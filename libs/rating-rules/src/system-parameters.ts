import { resolveParameters, type ParameterValues } from './parameters';
import { getRatingSystem } from './systems';

/**
 * A system's parameters as a pool stores them (plain JSON), validated and completed with the defaults:
 * unknown keys, wrong types or out-of-range values throw INVALID_PARAMETER naming `params.<key>`.
 */
export function systemParameters(systemId: string, raw: unknown): ParameterValues {
  const system = getRatingSystem(systemId);
  return resolveParameters(system.parameters, raw, system.id);
}
