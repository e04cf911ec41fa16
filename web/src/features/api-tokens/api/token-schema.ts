import { z } from 'zod';
import { msg, t } from '@/lib/i18n';
import type { TokenInput, TokenScope } from './tokens';

export const scopes: readonly TokenScope[] = ['read', 'write'];

/** Longest name, most days and the default days, as the server has them (docs/api-tokens.md). */
export const MAX_NAME = 60;
export const MAX_DAYS = 365;
export const DEFAULT_DAYS = 90;

/** A scope's name in the person's language ('Read only'); an unknown one as the server wrote it. */
export const scopeLabel = (scope: string): string => (scopes.includes(scope as TokenScope) ? t(`apiTokens.scopes.${scope}`) : scope);

/** What a scope allows, under the scope picker. */
export const scopeHint = (scope: TokenScope): string => t(`apiTokens.scopeHints.${scope}`);

export const tokenSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: msg('apiTokens.validation.nameRequired') })
    .max(MAX_NAME, { error: msg('apiTokens.validation.nameTooLong', { max: MAX_NAME }) }),
  scope: z.enum(['read', 'write']),
  expiresInDays: z
    .number({ error: msg('apiTokens.validation.days', { max: MAX_DAYS }) })
    .int({ error: msg('apiTokens.validation.days', { max: MAX_DAYS }) })
    .min(1, { error: msg('apiTokens.validation.days', { max: MAX_DAYS }) })
    .max(MAX_DAYS, { error: msg('apiTokens.validation.days', { max: MAX_DAYS }) }),
});

export type TokenFormValues = z.input<typeof tokenSchema>;

export const emptyTokenForm: TokenFormValues = { name: '', scope: 'read', expiresInDays: DEFAULT_DAYS };

export const toTokenBody = (values: TokenFormValues): TokenInput => ({
  name: values.name.trim(),
  scope: values.scope,
  expiresInDays: values.expiresInDays,
});
