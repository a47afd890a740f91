/**
 * The transport's **Copy as test** (issue 21): the current take, replayed headless in the page (a
 * stage of its own: the one on screen is not touched), written as a Vitest file with the take
 * embedded (streams/take/asTest) and put on the clipboard — or downloaded when the clipboard
 * refuses. The file's imports assume it is saved under tests/integration/takes/.
 */
import { takeTestSource } from '../../streams/take/asTest';
import { replayObserved } from '../../streams/take/takeObservation';
import { errorText } from '../state/notices';
import type { TakeStudio } from './takeStudio';
import { downloadBlob } from './takeFiles';

/** The project root as seen from tests/integration/takes/. */
const ROOT_FROM_TAKES = '../../..';

/** The test text of the current take, or null (with a notice) when there is no take. */
export async function takeAsTestText(studio: TakeStudio): Promise<string | null> {
  const take = studio.session.take();
  if (!take) {
    studio.editor.notices.notify('warning', 'There is no take yet: press PLAY to record one', []);
    return null;
  }
  const seen = await replayObserved(take);
  return takeTestSource(take, seen, { rootFromTest: ROOT_FROM_TAKES, take: { embed: true }, command: null });
}

export async function copyTakeAsTest(studio: TakeStudio, clipboard: Pick<Clipboard, 'writeText'> | null = navigator.clipboard ?? null): Promise<string | null> {
  let text: string | null;
  try {
    text = await takeAsTestText(studio);
  } catch (e) {
    studio.editor.notices.notify('error', 'The take could not be replayed as a test', [errorText(e)]);
    return null;
  }
  if (text === null) return null;
  const name = studio.fileName().replace(/\.json$/, '.test.ts');
  const lines = [`${text.split('\n').length} lines · save it as tests/integration/takes/${name}; npm test runs it`];
  try {
    if (!clipboard) throw new Error('no clipboard here');
    await clipboard.writeText(text);
    studio.editor.notices.notify('info', 'Copied the take as a Vitest test', lines);
  } catch {
    downloadBlob(new Blob([text], { type: 'text/typescript' }), name);
    studio.editor.notices.notify('info', `The clipboard refused: downloaded ${name}`, lines);
  }
  return text;
}
