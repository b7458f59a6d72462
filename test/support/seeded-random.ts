export { seededRandom } from '../../src/core/simulator/seeded-random.ts';
