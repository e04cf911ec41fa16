/** The break screens' names for the shared display of type names (see `@/lib/type-names`). */
export { breakTypeName as breakTypeLabel, breakTypeOptions } from '@/lib/type-names';
