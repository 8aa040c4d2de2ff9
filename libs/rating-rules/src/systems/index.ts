import { fail } from '../errors';
import type { RatingSystem } from '../types';
import { elo } from './elo';
import { eloProvisional } from './elo-provisional';
import { fide } from './fide';
import { fqe } from './fqe';
import { glicko2 } from './glicko2';

/** Every rating system, keyed by id (adding one is one file and one line here). */
export const ratingSystems = Object.freeze({
  elo,
  'elo-provisional': eloProvisional,
  fqe,
  fide,
  glicko2,
});

export type RatingSystemId = keyof typeof ratingSystems;

export const RATING_SYSTEM_IDS = Object.freeze(Object.keys(ratingSystems)) as readonly RatingSystemId[];

/** The system with this id; UNKNOWN_SYSTEM otherwise (the database stores the id as a varchar checked here). */
export function getRatingSystem(id: string): RatingSystem {
  if (typeof id !== 'string' || !Object.prototype.hasOwnProperty.call(ratingSystems, id)) {
    fail('UNKNOWN_SYSTEM', 'systemId', `must be one of ${RATING_SYSTEM_IDS.join(', ')}`, id);
  }
  return ratingSystems[id as RatingSystemId] as unknown as RatingSystem;
}
