/**
 * How the site writes a player's name: surname first, as rating lists and crosstables do
 * (`Lévesque, Émilie`), accents kept as the federation recorded them.
 */
export interface PlayerNameParts {
  surname: string;
  givenName: string | null;
}

export function playerName(player: PlayerNameParts): string {
  return player.givenName ? `${player.surname}, ${player.givenName}` : player.surname;
}

/** FIDE titles before the name (`GM WGM`), or nothing. */
export function titlesText(titles: readonly string[]): string {
  return titles.join(' ');
}
