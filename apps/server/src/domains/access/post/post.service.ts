import {
  type PageOf,
  type PostBody,
  type PostOption,
  type PostPageBody,
  type PostUpdateBody,
  ResultCode,
  type SysPost,
} from '@ess/contract';
import type { Db } from '../../../db/client';
import { AppError, notFound } from '../../../lib/app-error';
import { sqlState } from '../org';
import { deletePost, findPost, insertPost, postCodeTaken, postOptions, postPage, updatePost } from './post.repository';

const codeConflict = (code: string) => new AppError(409, ResultCode.CONFLICT, 'postCodeTaken', { code });
const inUse = (p: SysPost, n: number) => new AppError(409, ResultCode.CONFLICT, 'postInUse', { name: p.name, n });

/** Posts (岗位) users hold: a flat list, codes unique, never deleted while held. */
export class PostService {
  constructor(private readonly db: Db) {}

  page(q: PostPageBody): Promise<PageOf<SysPost>> {
    return postPage(this.db, q);
  }

  options(): Promise<PostOption[]> {
    return postOptions(this.db);
  }

  async add(b: PostBody): Promise<{ id: number }> {
    if (await postCodeTaken(this.db, b.code)) throw codeConflict(b.code);
    const id = await insertPost(this.db, b);
    if (id === null) throw codeConflict(b.code);
    return { id };
  }

  async update(b: PostUpdateBody): Promise<null> {
    if (!(await findPost(this.db, b.id))) throw notFound('postNotFound');
    if (await postCodeTaken(this.db, b.code, b.id)) throw codeConflict(b.code);
    const { id, ...fields } = b;
    try {
      await updatePost(this.db, id, fields);
    } catch (err) {
      if (sqlState(err) === '23505') throw codeConflict(b.code);
      throw err;
    }
    return null;
  }

  async remove(id: number): Promise<null> {
    const post = await findPost(this.db, id);
    if (!post) throw notFound('postNotFound');
    if (post.userCount > 0) throw inUse(post, post.userCount);
    try {
      await deletePost(this.db, id);
    } catch (err) {
      // A user took the post between the check and the delete (foreign key).
      if (sqlState(err) === '23503') throw inUse(post, (await findPost(this.db, id))?.userCount ?? 1);
      throw err;
    }
    return null;
  }
}
