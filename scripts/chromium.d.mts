export const chromiumPath: string | undefined;
export const chromiumArgs: string[];
