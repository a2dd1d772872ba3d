/**
 * A four-eyes command's states (decision 0024). A file of its own: the console's request list validates its
 * URL with them before the console's code has loaded.
 */
export const COMMAND_STATES = ['pending', 'approved', 'rejected', 'failed'] as const;
