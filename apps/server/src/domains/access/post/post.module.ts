import type { ApiModule } from '../../../kernel/api-module';
import { postRoutes } from './post.routes';
import { PostService } from './post.service';

/** The post module's calls, wired from the platform's shared parts. */
export const postApi: ApiModule = ({ db }) => postRoutes(new PostService(db));
