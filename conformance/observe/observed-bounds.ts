// In the kit, where the mock's command reads the defaults without loading the suite.
export type { ObservedBounds } from '../../kit/observe/observed-bounds';
export { DEFAULT_OBSERVED_BOUNDS } from '../../kit/observe/observed-bounds';
