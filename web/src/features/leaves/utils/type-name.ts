/** The leave screens' name for the shared display of type names (see `@/lib/type-names`). */
export { leaveTypeName } from '@/lib/type-names';
