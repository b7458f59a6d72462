/**
 * uPlot and its stylesheet, in a chunk of their own: a view with a chart
 * loads them when it is first shown, so the dashboard's first screen does
 * not wait for them.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export default uPlot;
