// @ts-check
// The end screen's analysis: "Each player's accuracy" analyses the game just
// finished (review/ctrl.js, with the helper engines the device allows) in
// the end dialog, with its progress and a way to stop it; once judged, each
// player's accuracy, errors and luck (`[data-accuracy]`, `[data-luck]`, as
// in the review). The analysis is kept with the saved game: the review
// opens it judged.

import { t } from './i18n.js';
import { h } from './dom.js';
import { refs } from './refs.js';
import { ReviewCtrl, REVIEW_SESSION } from './review/ctrl.js';
import { judgedTable } from './review/analysis-view.js';
import { compact } from './review-graph.js';

/**
 * What the end screen's analysis needs: the finished game, kept among the
 * saved games (`saveId`), the seat it is seen through, and the engines.
 * @typedef {object} EndAnalysisGame
 * @property {any} record
 * @property {string | null} saveId
 * @property {number | null} viewer
 */

/**
 * @param {{game: () => Promise<EndAnalysisGame>, names: string[], call: (cmd: string, args: object) => Promise<any>,
 *   keep: (saveId: string, kept: any[]) => void, keepLuck: (saveId: string, luck: object) => void, helpers: (record: any) => import('./review/ctrl.js').AnalysisHelpers,
 *   errorText: (error: any) => string}} options
 * @returns {HTMLElement}
 */
export function endAnalysis({ game, names, call, keep, keepLuck, helpers, errorText }) {
  const box = h('section', { class: 'end-analysis', 'aria-labelledby': 'end-analysis-title' });
  const title = h('h3', { id: 'end-analysis-title' }, t('end.analysis_title'));
  const fill = h('span', { class: 'meter-fill' });
  const meter = h('span', { class: 'meter', role: 'progressbar', 'aria-label': t('review.analysis_progress'), 'aria-valuemin': '0', 'aria-valuemax': '100', hidden: true }, fill);
  const note = h('p', { class: 'muted end-analysis-note', role: 'status' });
  /** @type {ReviewCtrl | null} */
  let ctrl = null;
  const start = h('button', { type: 'button', class: 'btn ghost', id: 'end-analyse', onclick: () => void analyse() }, t('end.analyse'));
  const stop = h('button', { type: 'button', class: 'btn ghost', id: 'end-analyse-stop', hidden: true, onclick: () => ctrl?.stopAnalysis() }, t('review.stop'));
  box.append(title, h('div', { class: 'end-analysis-tools' }, start, stop, meter), note);

  const progress = () => {
    const running = Boolean(ctrl && ctrl.analysing);
    const pct = Math.round((ctrl && ctrl.analysing ? ctrl.analysing.progress : 0) * 100);
    meter.hidden = !running;
    stop.hidden = !running;
    start.hidden = running;
    fill.style.width = `${pct}%`;
    meter.setAttribute('aria-valuenow', String(pct));
  };

  async function analyse() {
    if (ctrl) {
      // Stopped, then asked again: it goes on from where it stopped.
      void ctrl.analyse();
      return;
    }
    start.setAttribute('disabled', '');
    try {
      const { record, saveId, viewer } = await game();
      const plan = await call('review', { record, session: REVIEW_SESSION });
      if (!plan.decisions) {
        note.textContent = t('end.analysis_none');
        start.hidden = true;
        return;
      }
      const made = new ReviewCtrl(
        {
          plan,
          call,
          viewer,
          analysis: null,
          saveAnalysis: (results) => saveId && keep(saveId, compact(results)),
          saveLuck: (luck) => saveId && keepLuck(saveId, luck),
          helpers: helpers(record),
        },
        {
          position() {},
          opinion() {},
          graph() {},
          rebuild() {},
          controls: progress,
          stopped: () => start.focus(),
          judged() {
            if (!made.judged) return;
            box.replaceChildren(title, judgedTable(made.judged, names, viewer));
          },
          error: (error) => {
            note.textContent = errorText(error);
          },
        },
      );
      ctrl = made;
      // The dialog closed: the analysis stops, its helper engines with it.
      refs.endDialog().addEventListener('close', () => made.close(), { once: true });
      await made.analyse();
    } catch (error) {
      note.textContent = errorText(error);
    } finally {
      start.removeAttribute('disabled');
      progress();
    }
  }
  return box;
}
