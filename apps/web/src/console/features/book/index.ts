export { BookPage } from './book-page';
