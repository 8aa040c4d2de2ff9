export { systemActor, type Actor, type WriteContext } from './actor';
export { isUniqueViolation, runTransaction, snapshot } from './database';
export { phaseTimer } from './phases';
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
