/**
 * Name pools for the demo federation: a Québec-based federation with players from France and from
 * abroad. Accents are kept on purpose (the search ignores them: "levesque" finds "Lévesque").
 */
export interface NamePool {
  federation: string;
  /** Relative share of the membership. */
  weight: number;
  surnames: readonly string[];
  male: readonly string[];
  female: readonly string[];
}

export const NAME_POOLS: readonly NamePool[] = [
  {
    federation: 'CAN',
    weight: 62,
    surnames: [
      'Tremblay', 'Gagnon', 'Roy', 'Côté', 'Bouchard', 'Gauthier', 'Morin', 'Lavoie', 'Fortin', 'Gagné',
      'Ouellet', 'Pelletier', 'Bélanger', 'Lévesque', 'Bergeron', 'Leblanc', 'Paquette', 'Girard', 'Simard',
      'Boucher', 'Caron', 'Beaulieu', 'Cloutier', 'Dubé', 'Poirier', 'Fournier', 'Lapointe', 'Leclerc',
      'Lefebvre', 'Poulin', 'Thibault', 'St-Pierre', 'Nadeau', 'Landry', 'Martel', 'Bédard', 'Grenier',
      'Lessard', 'Bernier', 'Michaud', 'Hébert', 'Desjardins', 'Couture', 'Turcotte', 'Lachance', 'Parent',
      'Blais', 'Gosselin', 'Savard', 'Proulx', 'Beaudoin', 'Demers', 'Perreault', 'Boudreau', 'Lemieux',
      'Cyr', 'Perron', 'Dufour', 'Dion', 'Mercier', 'Bolduc', 'Bérubé', 'Boisvert', 'Langlois', 'Ménard',
      'Laplante', 'Dupuis', 'Lacroix', 'Trudel', 'Vaillancourt', 'Gingras', 'Brassard', 'Charbonneau',
      'Villeneuve', 'Rioux', 'Labbé', 'Deschênes', 'Marcotte', 'Thériault', 'Arsenault', 'Chabot', 'Audet',
      'Paré', 'Sauvé', 'Séguin', 'Larochelle', 'Jobin', 'Lepage', 'Harvey', 'Murray', 'Fraser', 'Smith',
      'MacDonald', 'Campbell', 'Wilson', 'Brown', 'Kelly', 'O’Brien', 'Wong', 'Tran',
    ],
    male: [
      'Jean', 'Pierre', 'Michel', 'André', 'Luc', 'Marc', 'Louis', 'François', 'Mathieu', 'Olivier',
      'Gabriel', 'Félix', 'Samuel', 'William', 'Thomas', 'Alexis', 'Antoine', 'Nathan', 'Émile', 'Xavier',
      'Étienne', 'Jérôme', 'Benoît', 'Sébastien', 'Maxime', 'Simon', 'Raphaël', 'Charles', 'Zachary',
      'Hugo', 'Guillaume', 'Philippe', 'Yves', 'Gilles', 'Réjean', 'Gaétan', 'Normand', 'Denis', 'Martin',
      'Vincent', 'Jacob', 'Liam', 'Noah', 'Léo', 'Édouard', 'David', 'Patrick', 'Stéphane', 'Éric', 'Daniel',
    ],
    female: [
      'Marie', 'Julie', 'Isabelle', 'Nathalie', 'Geneviève', 'Catherine', 'Émilie', 'Camille', 'Léa',
      'Florence', 'Rosalie', 'Béatrice', 'Chloé', 'Alice', 'Charlotte', 'Juliette', 'Sarah', 'Laurence',
      'Mélanie', 'Valérie', 'Sophie', 'Josée', 'Chantal', 'Sylvie', 'Hélène', 'Annie', 'Audrey', 'Maude',
      'Éloïse', 'Noémie', 'Zoé', 'Maëlle', 'Anaïs', 'Gabrielle', 'Jade', 'Mia', 'Olivia', 'Emma',
    ],
  },
  {
    federation: 'FRA',
    weight: 18,
    surnames: [
      'Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau',
      'Simon', 'Laurent', 'Lefèvre', 'Michel', 'Garcia', 'David', 'Bertrand', 'Roux', 'Vincent', 'Fournier',
      'Morel', 'Girard', 'André', 'Mercier', 'Dupont', 'Lambert', 'Bonnet', 'François', 'Martinez', 'Legrand',
      'Garnier', 'Faure', 'Rousseau', 'Blanc', 'Guérin', 'Muller', 'Henry', 'Roussel', 'Nicolas', 'Perrin',
      'Morin', 'Mathieu', 'Clément', 'Gauthier', 'Dumont', 'Lopez', 'Fontaine', 'Chevalier', 'Robin', 'Masson',
      'Sanchez', 'Gérard', 'Nguyen', 'Boyer', 'Denis', 'Lemaire', 'Duval', 'Joly', 'Gautier', 'Roger',
    ],
    male: [
      'Nicolas', 'Julien', 'Sébastien', 'Maxime', 'Romain', 'Alexandre', 'Guillaume', 'Thibault', 'Quentin',
      'Adrien', 'Baptiste', 'Clément', 'Lucas', 'Louis', 'Arthur', 'Jules', 'Paul', 'Théo', 'Mathis', 'Enzo',
      'Hervé', 'Bernard', 'Jacques', 'Alain', 'Christophe', 'Laurent', 'Frédéric', 'Cédric', 'Jérémy', 'Loïc',
    ],
    female: [
      'Manon', 'Camille', 'Pauline', 'Marine', 'Mathilde', 'Clémence', 'Inès', 'Louise', 'Ambre', 'Lina',
      'Céline', 'Aurélie', 'Élodie', 'Sandrine', 'Stéphanie', 'Françoise', 'Brigitte', 'Margaux', 'Océane', 'Léna',
    ],
  },
  {
    federation: 'INT',
    weight: 20,
    surnames: [
      'Nakamura', 'Kowalski', 'Nguyen', 'Schmidt', 'Rossi', 'García', 'Ivanov', 'Chen', 'Singh', 'Haddad',
      'Mensah', 'Okafor', 'Petrov', 'Novák', 'Horváth', 'Jansen', 'Andersson', 'Hansen', 'Papadopoulos',
      'Yılmaz', 'Kaur', 'Sharma', 'Kim', 'Park', 'Tanaka', 'Sato', 'Silva', 'Santos', 'Pereira', 'Fernández',
      'González', 'Rodríguez', 'Müller', 'Schneider', 'Kovačević', 'Popescu', 'Nowak', 'Wiśniewski',
      'Benali', 'El Amrani', 'Diallo', 'Traoré', 'Mukherjee', 'Zhang', 'Li', 'Wang', 'Huang', 'Abdullah',
    ],
    male: [
      'Hiroshi', 'Piotr', 'Minh', 'Lukas', 'Marco', 'Javier', 'Dmitri', 'Wei', 'Arjun', 'Karim', 'Kwame',
      'Chidi', 'Aleksandr', 'Tomáš', 'Bence', 'Daan', 'Erik', 'Lars', 'Nikos', 'Emre', 'Rahul', 'Ji-ho',
      'Kenji', 'João', 'Diego', 'Jonas', 'Stefan', 'Andrei', 'Mateusz', 'Youssef', 'Mamadou', 'Omar',
    ],
    female: [
      'Yuki', 'Agnieszka', 'Linh', 'Anna', 'Giulia', 'Lucía', 'Olga', 'Mei', 'Priya', 'Leila', 'Ama',
      'Ngozi', 'Ekaterina', 'Tereza', 'Réka', 'Sanne', 'Ingrid', 'Maja', 'Eleni', 'Elif', 'Ananya',
      'Seo-yeon', 'Aiko', 'Beatriz', 'Carmen', 'Irina', 'Fatima', 'Aïcha', 'Xin', 'Hana',
    ],
  },
];

/** Federations of the international members (a chess federation lists its players' own federations). */
export const FOREIGN_FEDERATIONS = ['USA', 'BEL', 'SUI', 'MAR', 'ALG', 'VIE', 'CHN', 'IND', 'POL', 'GER', 'ESP', 'ITA', 'UKR', 'ROU', 'SEN', 'JPN', 'BRA', 'MEX'];

export const CLUB_NAMES = [
  "Club d'échecs de Montréal", 'Échiquier de Québec', "Cercle d'échecs de Laval", 'Club Fou du Roi (Sherbrooke)',
  "Club d'échecs de Trois-Rivières", 'Les Cavaliers de Gatineau', "Club d'échecs de Longueuil",
  'La Tour de Lévis', "Échecs Saguenay", "Club d'échecs de Rimouski", 'Le Pion passé (Drummondville)',
  "Club d'échecs Caïssa (Montréal)", 'Échiquier Ahuntsic', "Club d'échecs de Saint-Jérôme",
  'Les Fous de Granby', "Club d'échecs de Terrebonne", 'Roque Brossard', 'Cercle Philidor (Québec)',
  "Club d'échecs de Victoriaville", 'Mat en trois (Repentigny)', 'Cercle de Lyon', 'Échiquier Lillois',
  'Club de Bordeaux', 'Tour Eiffel Échecs (Paris)', 'Ottawa Chess Club', 'Toronto Knights', 'Vancouver Gambit',
  "Club d'échecs de Moncton", 'Université Laval Échecs', 'McGill Chess Club',
];

export const CITIES = [
  'Montréal', 'Québec', 'Laval', 'Gatineau', 'Longueuil', 'Sherbrooke', 'Lévis', 'Saguenay', 'Trois-Rivières',
  'Terrebonne', 'Saint-Jérôme', 'Drummondville', 'Granby', 'Rimouski', 'Victoriaville', 'Brossard', 'Ottawa',
];

export const TOURNAMENT_NAMES = [
  'Open de {city}', 'Championnat de {city}', 'Tournoi du club — {city}', 'Mémorial Lévesque ({city})',
  'Coupe du Printemps ({city})', 'Open de la Rentrée ({city})', "Tournoi d'hiver de {city}", 'Festival de {city}',
  'Classique de {city}', 'Omnium de {city}', 'Défi des Maîtres ({city})', 'Tournoi jeunesse de {city}',
];
