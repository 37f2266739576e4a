/** The Connect paths of the two calls the session server serves. */
export const sessionPaths = {
  watch: '/contractkit.session.v1.SessionService/WatchSession',
  read: '/contractkit.session.v1.SessionService/GetSessionMessage',
} as const
