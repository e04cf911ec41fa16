// The one entry of `swagger-ui-dist` the viewer imports (the package ships no types).
declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  const SwaggerUI: (options: Record<string, unknown> & { spec: object; domNode: HTMLElement }) => unknown;
  export default SwaggerUI;
}
