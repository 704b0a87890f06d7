// Turns a failed call into what a form shows: the API's `detail` text, and for validation errors (422)
// the message of each named field.
import { ApiError } from './api';

export interface ErrorDetail {
  /** One readable sentence for the whole failure. */
  message: string;
  /** Field name (last element of `loc`) -> message, for validation errors. */
  fields: Record<string, string>;
  status: number | null;
}

interface ValidationItem {
  loc?: unknown;
  msg?: unknown;
}

const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';

function fieldName(loc: unknown): string | null {
  if (!Array.isArray(loc) || loc.length === 0) return null;
  const parts = loc.filter((p) => p !== 'body' && p !== 'query' && p !== 'path');
  const last = parts.at(-1);
  return last === undefined ? null : String(last);
}

/** What the pages call the API's fields (a message names the field as the user sees it, never its path). */
const FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  description: 'Description',
  email: 'E-mail',
  full_name: 'Full name',
  password: 'Password',
  new_password: 'New password',
  current_password: 'Current password',
  user_id: 'User',
  simulation_id: 'Simulation',
  dataUrl: 'Image',
  image: 'Image',
  file: 'Image',
  px_per_mm: 'Scale (px per mm)',
  known_length_mm: 'Known length (mm)',
  known_length_px: 'Known length (px)',
  tolerance_px: 'Outline tolerance (px)',
  uploaded_image: 'Attached image',
  message: 'Message',
  type: 'Simulation type',
  token: 'Reset link',
  is_active: 'Active',
  is_superuser: 'Superuser',
};

/** `new_password` → `New password`; a known field by its page label. */
export function fieldLabel(name: string): string {
  const known = FIELD_LABELS[name];
  if (known) return known;
  const words = name.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function errorDetail(error: unknown): ErrorDetail {
  if (error instanceof ApiError) {
    const detail = (error.body as { detail?: unknown } | null)?.detail;
    if (typeof detail === 'string' && detail.trim() !== '') return { message: detail, fields: {}, status: error.status };
    if (Array.isArray(detail)) {
      const fields: Record<string, string> = {};
      const sentences: string[] = [];
      for (const item of detail as ValidationItem[]) {
        const msg = typeof item?.msg === 'string' ? item.msg : 'This field is invalid';
        const name = fieldName(item?.loc);
        if (name && !(name in fields)) fields[name] = msg;
        sentences.push(name ? `${fieldLabel(name)}: ${msg}` : msg);
      }
      return { message: sentences.join('; ') || error.message, fields, status: error.status };
    }
    return { message: error.message, fields: {}, status: error.status };
  }
  if (error instanceof TypeError) return { message: NETWORK_MESSAGE, fields: {}, status: null };
  if (error instanceof Error && error.message) return { message: error.message, fields: {}, status: null };
  return { message: 'Something went wrong', fields: {}, status: null };
}
