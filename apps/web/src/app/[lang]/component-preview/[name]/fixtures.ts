import type { HistoryPoint } from '@/lib/rating-history';
import type { DistributionBucket } from '@/lib/rating-distribution';

/** A made-up player's monthly lists: provisional for the first five, with the tournaments behind each change. */
export const HISTORY_SAMPLE: HistoryPoint[] = [
  {
    date: '2024-01-01',
    rating: 1412,
    provisional: true,
    listLabel: 'Janvier 2024',
    tournaments: [{ name: 'Open de Lyon', change: 1412 }],
  },
  {
    date: '2024-02-01',
    rating: 1468,
    provisional: true,
    listLabel: 'Février 2024',
    tournaments: [{ name: 'Rapide de Villeurbanne', change: 56 }],
  },
  {
    date: '2024-03-01',
    rating: 1501,
    provisional: true,
    listLabel: 'Mars 2024',
    tournaments: [{ name: 'Open de Grenoble', change: 33 }],
  },
  { date: '2024-04-01', rating: 1501, provisional: true, listLabel: 'Avril 2024', tournaments: [] },
  {
    date: '2024-05-01',
    rating: 1543,
    provisional: true,
    listLabel: 'Mai 2024',
    tournaments: [
      { name: 'Championnat du Rhône', change: 30 },
      { name: 'Open de Vienne', change: 12 },
    ],
  },
  {
    date: '2024-06-01',
    rating: 1538,
    provisional: false,
    listLabel: 'Juin 2024',
    tournaments: [{ name: 'Open d’Annecy', change: -5 }],
  },
  {
    date: '2024-07-01',
    rating: 1561,
    provisional: false,
    listLabel: 'Juillet 2024',
    tournaments: [{ name: 'Festival de Paris', change: 23 }],
  },
  { date: '2024-08-01', rating: 1561, provisional: false, listLabel: 'Août 2024', tournaments: [] },
  {
    date: '2024-09-01',
    rating: 1549,
    provisional: false,
    listLabel: 'Septembre 2024',
    tournaments: [{ name: 'Open de Chambéry', change: -12 }],
  },
  {
    date: '2024-10-01',
    rating: 1580,
    provisional: false,
    listLabel: 'Octobre 2024',
    tournaments: [{ name: 'Interclubs, ronde 1', change: 31 }],
  },
  {
    date: '2024-11-01',
    rating: 1602,
    provisional: false,
    listLabel: 'Novembre 2024',
    tournaments: [{ name: 'Interclubs, ronde 2', change: 22 }],
  },
  {
    date: '2024-12-01',
    rating: 1594,
    provisional: false,
    listLabel: 'Décembre 2024',
    tournaments: [{ name: 'Open de Noël', change: -8 }],
  },
];

/** A list of a few thousand players in 100-point bands, with an empty band to fill. */
export const DISTRIBUTION_SAMPLE: DistributionBucket[] = [
  { min: 800, count: 41 },
  { min: 900, count: 96 },
  { min: 1000, count: 188 },
  { min: 1100, count: 301 },
  { min: 1200, count: 452 },
  { min: 1300, count: 590 },
  { min: 1400, count: 671 },
  { min: 1500, count: 640 },
  { min: 1600, count: 522 },
  { min: 1700, count: 390 },
  { min: 1800, count: 251 },
  { min: 1900, count: 144 },
  { min: 2000, count: 73 },
  { min: 2100, count: 31 },
  { min: 2200, count: 12 },
  { min: 2400, count: 2 },
];
