export { createPool, type PoolInput } from './pools.service';
