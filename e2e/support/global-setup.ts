import { preparePortals } from './server';

/** Once per run, before any worker: the portals' template database; its return value is the teardown. */
export default preparePortals;
