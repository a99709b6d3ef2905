/** The resource a finished task's whole result is read from when it was too large to send inline. */

/** `pdg://tasks/<id>`: the whole result of the task, as JSON, for the caller that made it. */
export const taskResourceUri = (taskId: string): string => `pdg://tasks/${encodeURIComponent(taskId)}`;

/** The task id a resource URI names, or undefined when it names no task. */
export function taskIdOfUri(uri: string): string | undefined {
  const match = /^pdg:\/\/tasks\/([^/?#]+)$/.exec(uri);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1] as string);
  } catch {
    return undefined;
  }
}
