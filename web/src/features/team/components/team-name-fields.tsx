import { z } from 'zod';
import { msg } from '@/lib/i18n';

/** The server's rules for a team's name: 1 to 60 characters once trimmed. */
export const teamNameSchema = z
  .string()
  .trim()
  .min(1, { error: msg('team.name.required') })
  .max(60, { error: msg('team.name.tooLong') });
