/**
 * The inspection and repair records module's public face. A finished fault-repair order
 * writes its repair record through `RecordService.addRepairRecord` (one per order):
 * `new RecordService(db, FileService.from({ env, db })).addRepairRecord({...})`.
 */
export { recordsApi } from './records.module';
export { type OrderRepair, RecordService } from './records.service';
