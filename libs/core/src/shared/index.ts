export { systemActor, type Actor, type WriteContext } from './actor';
export { execute, isUniqueViolation, runTransaction, snapshot, type StatementResult } from './database';
export {
  entityId,
  isoDate,
  isoDay,
  oneOf,
  optionalFederation,
  optionalIsoDate,
  optionalText,
  optionalWholeNumber,
  requiredText,
  wholeNumber,
} from './validate';
