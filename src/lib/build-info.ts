/** The id of the running build: it busts the persisted query cache when a new version takes over. */
export const BUILD_ID: string = __BUILD_ID__;
