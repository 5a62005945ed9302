/** The post module's public face: what other modules may use. */

export { postApi } from './post.module';
export { postRoutes } from './post.routes';
export { PostService } from './post.service';
