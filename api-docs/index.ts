/** The docs build's public surface (`model-gateway docs`): a spec's self-contained HTML reference. */
export { DOCS_USAGE, runDocs } from './build-docs';
