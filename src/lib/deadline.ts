/**
 * `work`'s value if it settles within `ms`, else `late`; the work itself goes on either way. For launch and
 * logout steps that may wait on the network: the app never hangs on them. A rejection passes through.
 */
export function withDeadline<T, L>(work: Promise<T>, ms: number, late: L): Promise<T | L> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<L>((resolve) => {
    timer = setTimeout(() => resolve(late), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
