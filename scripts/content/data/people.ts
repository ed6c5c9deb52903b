import type { AvatarOptions } from '../images/avatars.ts';
import type { Localized } from '../lib/ids.ts';
import type { PersonSlug } from './types.ts';

export interface PersonData {
  slug: PersonSlug;
  name: Localized<string>;
  /** Jonas has no German bio on purpose: the page shows the English one (locale fallback). */
  bio: Localized<string>;
  avatar: AvatarOptions;
}

export const PEOPLE: PersonData[] = [
  {
    slug: 'mara-lindqvist',
    name: { 'en-US': 'Mara Lindqvist' },
    bio: {
      'en-US':
        'Industrial designer and founder of the Vitrine studio. Trained as a cabinetmaker in Stockholm before studying product design in Berlin, she draws furniture that can be repaired with the tools in a kitchen drawer.',
      'de-DE':
        'Industriedesignerin und Gründerin des Studios Vitrine. Sie hat in Stockholm Tischlerin gelernt und in Berlin Produktdesign studiert – und entwirft Möbel, die sich mit dem Werkzeug aus der Küchenschublade reparieren lassen.',
    },
    avatar: { background: ['#e9d8c4', '#c9ab8b'], skin: '#e2b998', hair: '#6b4a35', clothing: '#3e5a5f', hairStyle: 'bob' },
  },
  {
    slug: 'jonas-ebert',
    name: { 'en-US': 'Jonas Ebert' },
    bio: {
      'en-US':
        'Technical director for 3D capture and real-time rendering at Vitrine. Before joining the studio he lit cars for automotive configurators, which is why he still measures every studio light in lux.',
    },
    avatar: { background: ['#d3dde0', '#93a9b0'], skin: '#c99a78', hair: '#2f2a27', clothing: '#b5683f', hairStyle: 'short', glasses: true },
  },
];
