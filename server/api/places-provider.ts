import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export interface PlacePrediction {
  placeId: string;
  description: string;
  mainText: string;
  secondaryText: string;
}

export interface PlaceDetails {
  placeId: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  postalCode: string;
  countryCode: string;
  country: string;
  latitude: number;
  longitude: number;
}

export interface AutocompleteRequest {
  input: string;
  /** Two-letter country codes to keep; empty means any. */
  countryCodes: readonly string[];
  limit: number;
}

/** Address search behind the autocomplete calls; swap in another one through createPlacesRouter. */
export interface PlacesProvider {
  autocomplete(request: AutocompleteRequest): Promise<PlacePrediction[]>;
  details(placeId: string): Promise<PlaceDetails | null>;
}

export const BUNDLED_PLACES_FILE = fileURLToPath(new URL('../../fixtures/places.json', import.meta.url));

const placeSchema = z.object({
  placeId: z.string().min(1),
  addressLine1: z.string(),
  addressLine2: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  countryCode: z.string().length(2),
  country: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});

/** Lower-case, accents removed, so "montreal" finds "Montréal". */
function fold(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

function secondaryText(place: PlaceDetails): string {
  return [place.city, [place.state, place.postalCode].filter(Boolean).join(' '), place.country].filter(Boolean).join(', ');
}

/**
 * The built-in provider: searches a small bundled list of places (no map service is reachable).
 * Every word typed must start a word of the address; places whose first line matches rank first.
 */
export function createBundledPlacesProvider(file: string = BUNDLED_PLACES_FILE): PlacesProvider {
  const places = z.array(placeSchema).parse(JSON.parse(readFileSync(file, 'utf8')));
  const indexed = places.map((place) => {
    const haystack = fold([place.addressLine1, place.addressLine2, place.city, place.state, place.postalCode, place.country, place.countryCode].join(' '));
    return { place, words: haystack.split(/[\s,]+/).filter(Boolean), line1: fold(place.addressLine1) };
  });

  return {
    async autocomplete({ input, countryCodes, limit }) {
      const terms = fold(input).split(/[\s,]+/).filter(Boolean);
      if (terms.length === 0) return [];
      const wanted = new Set(countryCodes.map((code) => code.toUpperCase()));
      return indexed
        .filter(({ place }) => wanted.size === 0 || wanted.has(place.countryCode))
        .filter(({ words }) => terms.every((term) => words.some((word) => word.startsWith(term))))
        .map((entry) => ({ entry, rank: entry.line1.startsWith(terms[0]) ? 0 : 1 }))
        .sort((a, b) => a.rank - b.rank)
        .slice(0, limit)
        .map(({ entry: { place } }) => ({
          placeId: place.placeId,
          description: `${place.addressLine1}, ${secondaryText(place)}`,
          mainText: place.addressLine1,
          secondaryText: secondaryText(place),
        }));
    },
    async details(placeId) {
      return places.find((place) => place.placeId === placeId) ?? null;
    },
  };
}
