import { CM_PER_INCH, LB_PER_KG } from '../constants';
import { MEASUREMENTS_RE } from '../actor-request.schema';

/*
 * Unit conversion of the actor editor (library-spec §5): imperial entry converts to cm and kg, and the
 * "36C-24-36" measurements (inches) become cup size and band/waist/hip in cm. Results are whole numbers.
 */

export const IMPERIAL_FEET_MAX = 10;
export const IMPERIAL_INCHES_MAX = 12;

export const inchesToCm = (inches: number): number => Math.round(inches * CM_PER_INCH);
export const cmToInches = (cm: number): number => Math.round(cm / CM_PER_INCH);
export const feetInchesToCm = (feet: number, inches: number): number =>
  Math.round((feet * 12 + inches) * CM_PER_INCH);
export const lbsToKg = (lbs: number): number => Math.round(lbs / LB_PER_KG);
export const kgToLbs = (kg: number): number => Math.round(kg * LB_PER_KG);

/** Height in cm as whole feet and inches (inches 0-11). */
export function cmToFeetInches(cm: number): { feet: number; inches: number } {
  const total = Math.round(cm / CM_PER_INCH);
  return { feet: Math.floor(total / 12), inches: total % 12 };
}

export interface Measurements {
  cup_size: string;
  band_size: number;
  waist_size: number;
  hip_size: number;
}

/** Parses "36C-24-36" (inches) into cm values and an upper-case cup; null when it does not match 99A-99-99. */
export function parseMeasurements(text: string): Measurements | null {
  if (!MEASUREMENTS_RE.test(text)) return null;
  const [bust = '', waist = '', hip = ''] = text.split('-');
  return {
    cup_size: bust.slice(2).toUpperCase(),
    band_size: inchesToCm(Number(bust.slice(0, 2))),
    waist_size: inchesToCm(Number(waist)),
    hip_size: inchesToCm(Number(hip)),
  };
}

/** The "36C-24-36" text of an actor's stored measurements, or "" when any part is unknown. */
export function formatMeasurements(m: Measurements): string {
  if (m.band_size <= 0 || m.waist_size <= 0 || m.hip_size <= 0 || m.cup_size === '') return '';
  const two = (cm: number) => String(cmToInches(cm)).padStart(2, '0');
  return `${two(m.band_size)}${m.cup_size}-${two(m.waist_size)}-${two(m.hip_size)}`;
}
